/** The public information pages' chunk: homepage, legal pages and status pages. */
export { HomePage } from './HomePage';
export { DynamicPage } from './DynamicPage';
export { DemoPage, TemporaryUnavailablePage } from './InfoPages';
export { ContactUsPage } from './ContactPage';
