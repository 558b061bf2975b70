export { createMailer, probeSmtp, type Mailer, type MailMessage } from './mailer.js';
export { actionMail } from './templates.js';
export { reserveUserMails } from './user-mail-limit.js';
