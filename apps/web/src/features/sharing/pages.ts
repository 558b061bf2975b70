/** Visitor pages reached from links: shared items, upload requests and team invitations. */
export { SharePage, ShareAuthenticatePage } from './SharePages';
export { RequestUploadPage } from '../file-requests/RequestUploadPage';
export { TeamInvitationPage } from '../teams/TeamPages';
