export { notify, presentNotification, type NewNotification } from './notify.js';
export { notifications, type NotificationRow } from './notifications.table.js';
