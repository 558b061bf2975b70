/** Visitor pages reached from links: shared items, upload requests and team invitations. */
export { ShareEntryPage } from './visitor/ShareGate';
export { ShareFolderPage } from './visitor/ShareFolderPage';
export { ShareFilePage } from './visitor/ShareFilePage';
export { ShareAuthenticatePage } from './visitor/ShareAuthenticatePage';
export { RequestUploadPage } from '../file-requests/RequestUploadPage';
export { TeamInvitationPage } from '../teams/InvitationPage';
