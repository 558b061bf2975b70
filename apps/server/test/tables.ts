/*
 * The files module's tables, for tests that seed or inspect rows no verb reaches. Only tests take
 * them from here: a module outside modules/files asks the files module through the verbs its
 * index.ts exports (ADR 0070; held by boundaries.test.ts).
 */
export { favourites, items } from '../src/modules/files/items.table.js';
export { teamFolders, teamMembers } from '../src/modules/files/teams.table.js';
