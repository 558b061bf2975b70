/** The signed-out screens' chunk: sign-in, sign-up, password recovery and mail landing pages. */
export { SignInPage } from './SignInPage';
export { SignUpPage } from './SignUpPage';
export { ForgottenPasswordPage } from './ForgottenPasswordPage';
export { CreateNewPasswordPage } from './CreateNewPasswordPage';
export { SuccessfullySentPage, SuccessfullyVerifiedPage } from './ResultPages';
