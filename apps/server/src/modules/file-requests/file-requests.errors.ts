import { AppError } from '../../lib/errors.js';

export const requestClosed = () =>
  new AppError(410, 'request.closed', 'This upload request is closed: it no longer takes files.');
