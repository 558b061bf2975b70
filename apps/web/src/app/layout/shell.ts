/** The signed-in frame and the file screens: the chunk a returning user's first screen needs. */
export { AppShell } from './AppShell';
export { FilesPage, RecentUploadsPage } from '../../features/files/FilesPages';
export { SharedWithMePage, TeamFoldersPage } from '../../features/teams/TeamPages';
export { TrashPage } from '../../features/trash/TrashPage';
