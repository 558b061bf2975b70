import { CONTACT_MESSAGE_MAX } from '@filestore/contract';
import { CheckCircle2, Mail, MailX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { request, isApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import {
  errorMessage,
  focusFirstInvalid,
  hasErrors,
  rules,
  serverFieldErrors,
  type FieldErrors,
} from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { HumanCheckNotice } from '../human-check/HumanCheckNotice';
import { useHumanCheck } from '../human-check/useHumanCheck';
import { PublicLayout, StatusMessage } from './PublicLayout';

const MESSAGE_MIN = 10;

/** /contact-us: a message to the administrator's contact address (issue 15 point 7), behind the human check. */
export function ContactUsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const [unavailable, setUnavailable] = useState(!config.contactEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (unavailable) {
    return (
      <PublicLayout>
        <StatusMessage
          icon={<MailX className="size-8" aria-hidden />}
          title={t('contact.unavailable_title')}
          description={t('contact.unavailable_description')}
        />
      </PublicLayout>
    );
  }
  if (sentTo) {
    return (
      <PublicLayout>
        <StatusMessage
          icon={<CheckCircle2 className="size-8" aria-hidden />}
          title={t('contact.sent_title')}
          description={t('contact.sent_description', { email: sentTo })}
          action={
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              {t('contact.send_another')}
            </Button>
          }
        />
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-xl py-10 sm:py-16">
        <div className="mb-8 flex items-start gap-4">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
            <Mail className="size-6" aria-hidden />
          </div>
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-neutral-900 dark:text-white">{t('contact.title')}</h1>
            <p className="mt-2 text-neutral-600 dark:text-neutral-400">{t('contact.form_description')}</p>
          </div>
        </div>
        <ContactForm onSent={setSentTo} onUnavailable={() => setUnavailable(true)} />
      </div>
    </PublicLayout>
  );
}

function ContactForm({ onSent, onUnavailable }: { onSent: (email: string) => void; onUnavailable: () => void }) {
  const { t } = useTranslation();
  const humanCheck = useHumanCheck('contact');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors = {
      name: rules.required(t, name),
      email: rules.email(t, email),
      message: message.trim().length >= MESSAGE_MIN ? undefined : t('contact.message_short'),
    };
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(form);
    setLoading(true);
    try {
      const body = { name: name.trim(), email: email.trim(), message: message.trim(), reCaptcha: await humanCheck() };
      await request('POST', '/api/contact', { body });
      onSent(body.email);
    } catch (caught) {
      if (isApiError(caught, 'contact.unavailable')) return onUnavailable();
      setErrors(serverFieldErrors(caught));
      setError(errorMessage(t, caught));
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('contact.title')}>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('contact.name')}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('contact.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextAreaField
        label={t('contact.message')}
        name="message"
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        value={message}
        error={errors.message}
        hint={t('contact.message_hint')}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Button type="submit" block loading={loading}>
        {t('contact.send')}
      </Button>
      <HumanCheckNotice />
    </form>
  );
}
