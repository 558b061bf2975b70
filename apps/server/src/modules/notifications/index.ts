export { notify, presentNotification, type NewNotification } from './notify.js';
export { notifications, type NotificationRow } from './notifications.table.js';
export { mailNotification } from './notification-mail.js';
export { notificationSummary } from './notifications.repository.js';
export { notificationsRoutes } from './notifications.routes.js';
