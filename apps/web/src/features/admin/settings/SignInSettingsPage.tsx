import { HumanCheckSettings } from './HumanCheckSettings';
import { SettingsTabs } from './SettingsTabs';
import { SocialLoginSettings } from './SocialLoginSettings';

/** /admin/settings/sign-in: the sign-in providers and the human check, each its own section. */
export function SignInSettingsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <SettingsTabs />
      <div className="space-y-6">
        <SocialLoginSettings />
        <HumanCheckSettings />
      </div>
    </div>
  );
}
