/** Starting text for the legal pages; administrators rewrite them for their own installation. */
export const defaultPages = [
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    content: `By creating an account you agree to use this service lawfully and to respect the rights of others.

You keep every right to the files you upload. You are responsible for what you store and share, and for keeping your password safe.

The administrators of this installation may suspend accounts that break these terms or put the service at risk.

These terms may change; the date above shows when they were last updated.`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    content: `This installation stores your name, email address and the files you upload, so that you can use the service.

Your files are not read, analysed or shared by the operators, except when you share them yourself or the law requires it.

You can delete your files at any time. To delete your account and its data, contact the administrator of this installation.`,
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    content: `This site uses only the cookies it needs to work.

A session cookie keeps you signed in. It is removed when you sign out or when the session expires.

An XSRF-TOKEN cookie protects your account against cross-site request forgery.

No advertising or tracking cookies are set.`,
  },
];
