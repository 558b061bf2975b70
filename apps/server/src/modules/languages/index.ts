export {
  catalogueFor,
  installedLanguages,
  isInstalledLocale,
  seedLanguages,
  servedCatalogue,
  type ServedCatalogue,
} from './catalogue.js';
export {
  createLanguage,
  deleteLanguage,
  editString,
  languageDetail,
  listLanguages,
  requireInstalled,
  updateLanguage,
} from './languages.admin.js';
export { mailTranslator, translatorOf, type Translate } from './translate.js';
