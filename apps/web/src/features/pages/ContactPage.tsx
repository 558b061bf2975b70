import { CONTACT_MESSAGE_MAX } from '@filestore/contract';
import { CheckCircle2, Mail, MailX } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { request, isApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { useApiForm } from '../../lib/form';
import { emailField } from '../../lib/form-schemas';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { HumanCheckNotice } from '../human-check/HumanCheckNotice';
import { useHumanCheck } from '../human-check/useHumanCheck';
import { PublicLayout, StatusMessage } from './PublicLayout';

const MESSAGE_MIN = 10;

const schema = z.object({
  name: z.string().trim().min(1).max(100),
  email: emailField,
  message: z.string().trim().min(MESSAGE_MIN, { message: 'contact.message_short' }).max(CONTACT_MESSAGE_MAX),
});

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

export function ContactForm({ onSent, onUnavailable }: { onSent: (email: string) => void; onUnavailable: () => void }) {
  const { t } = useTranslation();
  const humanCheck = useHumanCheck('contact');
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { name: '', email: '', message: '' },
    mutationFn: async (values) => {
      try {
        await request('POST', '/api/contact', { body: { ...values, reCaptcha: await humanCheck() } });
        return 'sent' as const;
      } catch (caught) {
        // The administrator took the address away meanwhile: the page says so instead of the form.
        if (isApiError(caught, 'contact.unavailable')) return 'unavailable' as const;
        throw caught;
      }
    },
    onSuccess: (result, values) => (result === 'sent' ? onSent(values.email) : onUnavailable()),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('contact.title')}>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField label={t('contact.name')} autoComplete="name" maxLength={100} {...field('name')} />
      <TextField label={t('contact.email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
      <TextAreaField
        label={t('contact.message')}
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        {...field('message')}
        hint={t('contact.message_hint')}
      />
      <Button type="submit" block loading={pending}>
        {t('contact.send')}
      </Button>
      <HumanCheckNotice />
    </form>
  );
}
