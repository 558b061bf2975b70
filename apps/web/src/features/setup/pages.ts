/** The setup wizard's chunk: only a fresh installation needs it. */
export { StatusCheckPage } from './StatusCheckPage';
export { DatabasePage } from './DatabasePage';
export { EnvironmentPage } from './EnvironmentPage';
export { AppSetupPage } from './AppSetupPage';
export { AdminSetupPage } from './AdminSetupPage';
