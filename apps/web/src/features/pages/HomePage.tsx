import { formatMoney, type PlanResource } from '@filestore/contract';
import { ArrowRight, FolderInput, Share2, UploadCloud } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { api } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { useHomepage } from './pages.api';
import { PublicLayout, primaryLinkClass, StatusMessage } from './PublicLayout';
import { AdSlot } from '../consent/AdSlot';
import { buyablePlans, usableProviders } from '../billing/offers';
import { PlanFeatures } from '../billing/parts';

const boxIcons = [UploadCloud, Share2, FolderInput];

/** Copy the server cleaned to inline HTML (the accent span, bold, links): set as HTML, never as text. */
const html = (value: string) => ({ __html: value });

/** The public pricing list (visible, active plans); the section shows only those someone can buy now. */
type Plan = PlanResource;

function usePlans(wanted: boolean) {
  return useQuery({
    queryKey: ['homepage', 'plans'],
    queryFn: async () =>
      (await api.get<{ data: Plan[] }>('/api/subscriptions/plans', { ignoreUnauthorised: true })).data,
    enabled: wanted,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

function CallToAction() {
  const { t } = useTranslation();
  const config = useConfig();
  const authenticated = useSession((s) => s.authenticated);
  return (
    <Link
      to={authenticated ? '/platform/files' : config.userRegistration ? '/sign-up' : '/sign-in'}
      className={primaryLinkClass}
    >
      {authenticated
        ? t('home.open_files')
        : config.userRegistration
          ? t('home.get_started')
          : t('auth.sign_in.submit')}
      <ArrowRight className="size-4" aria-hidden />
    </Link>
  );
}

const heading = 'font-bold tracking-tight text-balance text-neutral-900 dark:text-white';
const lead = 'text-lg leading-8 text-pretty text-neutral-600 dark:text-neutral-400';

/** `/`: the sections the administrator keeps on (admin → settings → homepage), reference §16.3. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const query = useHomepage();
  const authenticated = useSession((s) => s.authenticated);
  // Asked only when a plan could be sold at all: billing on and a payment provider ready.
  const plans = usePlans(
    Boolean(query.data?.pricing) && config.subscriptionType !== 'none' && usableProviders(config.payments).length > 0,
  );

  if (query.isError) {
    return (
      <PublicLayout>
        <StatusMessage
          icon={<UploadCloud className="size-8" aria-hidden />}
          title={t('home.load_failed')}
          description={config.appDescription}
          action={
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('common.try_again')}
            </Button>
          }
        />
      </PublicLayout>
    );
  }
  const home = query.data;
  const sellable = plans.data ? buyablePlans(plans.data, config) : [];
  const shownPlans = home?.pricing && sellable.length > 0 ? sellable : null;
  const planLink = authenticated ? '/user/settings/billing' : config.userRegistration ? '/sign-up' : '/sign-in';
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-3xl py-16 text-center sm:py-24" aria-busy={!home}>
        {home ? (
          <>
            <h1 className={`${heading} text-4xl sm:text-5xl`} dangerouslySetInnerHTML={html(home.header.title)} />
            <p className={`mt-5 ${lead}`} dangerouslySetInnerHTML={html(home.header.description)} />
          </>
        ) : (
          // The height of a two-line title and description, so the button below does not move.
          <div role="status" className="animate-pulse motion-reduce:animate-none">
            <span className="sr-only">{t('home.loading')}</span>
            <div className="mx-auto flex h-20 w-4/5 flex-col justify-between sm:h-24" aria-hidden>
              <div className="h-8 rounded-lg bg-neutral-200/80 sm:h-10 dark:bg-neutral-800" />
              <div className="mx-auto h-8 w-3/4 rounded-lg bg-neutral-200/80 sm:h-10 dark:bg-neutral-800" />
            </div>
            <div className="mx-auto mt-5 flex h-16 w-2/3 flex-col justify-between py-1.5" aria-hidden>
              <div className="h-5 rounded bg-neutral-200/80 dark:bg-neutral-800" />
              <div className="mx-auto h-5 w-1/2 rounded bg-neutral-200/80 dark:bg-neutral-800" />
            </div>
          </div>
        )}
        <div className="mt-9 flex flex-wrap justify-center gap-3">
          <CallToAction />
        </div>
      </section>

      {/* While loading, the sections to come hold the footer below the fold, where its move is not a shift. */}
      {!home && <div className="min-h-dvh" aria-hidden />}

      {home?.features && (
        <section className="mx-auto w-full max-w-3xl pb-10 text-center" aria-labelledby="home-features">
          <h2
            id="home-features"
            className={`${heading} text-3xl`}
            dangerouslySetInnerHTML={html(home.features.title)}
          />
          <p className={`mt-4 ${lead}`} dangerouslySetInnerHTML={html(home.features.description)} />
        </section>
      )}

      {home?.featureBoxes && (
        <section className="grid gap-5 pb-16 sm:grid-cols-3">
          {home.featureBoxes.map((box, index) => {
            const Icon = boxIcons[index] ?? UploadCloud;
            return (
              <div
                key={index}
                className="rounded-2xl bg-neutral-50 p-6 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
              >
                <Icon className="size-6 text-accent-strong dark:text-accent" aria-hidden />
                <h3
                  className="mt-4 font-semibold text-neutral-900 dark:text-white"
                  dangerouslySetInnerHTML={html(box.title)}
                />
                <p
                  className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400"
                  dangerouslySetInnerHTML={html(box.description)}
                />
              </div>
            );
          })}
        </section>
      )}

      {/* The reference's "homepage banner": nothing unless AdSense is on, configured and accepted. */}
      {home && <AdSlot banner="banner03" className="mx-auto mb-16 w-full max-w-3xl" />}

      {home?.pricing && shownPlans && (
        <section className="pb-16 text-center" aria-labelledby="home-pricing">
          <h2 id="home-pricing" className={`${heading} text-3xl`} dangerouslySetInnerHTML={html(home.pricing.title)} />
          <p className={`mx-auto mt-4 max-w-2xl ${lead}`} dangerouslySetInnerHTML={html(home.pricing.description)} />
          {/* Centred cards that wrap: one plan is one card in the middle, not a lonely first column. */}
          <ul className="mt-10 flex flex-wrap justify-center gap-5">
            {shownPlans.map((plan) => (
              <li
                key={plan.id}
                className="flex w-full flex-col rounded-2xl bg-white p-6 text-left ring-1 ring-neutral-200 sm:w-[calc(50%-0.625rem)] lg:w-[calc((100%-2.5rem)/3)] dark:bg-neutral-900 dark:ring-neutral-800"
                data-plan={plan.id}
              >
                <h3 className="font-semibold text-neutral-900 dark:text-white">{plan.name}</h3>
                <p className="mt-2 text-2xl font-bold text-neutral-900 dark:text-white">
                  {plan.type === 'fixed' && plan.amount !== null
                    ? t('home.pricing_from', {
                        price: formatMoney(plan.amount, plan.currency, i18n.language),
                        interval: t(`billing.interval.${plan.interval}`),
                      })
                    : t('billing.type.metered')}
                </p>
                {plan.description && (
                  <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{plan.description}</p>
                )}
                <div className="flex-1">
                  <PlanFeatures plan={plan} className="mt-5" />
                </div>
                <Link
                  to={planLink}
                  aria-label={t('home.pricing_cta_label', { name: plan.name })}
                  className={`${primaryLinkClass} mt-6 w-full`}
                >
                  {t('home.pricing_cta')}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {home?.getStarted && (
        <section
          className="mb-16 rounded-3xl bg-neutral-50 px-6 py-12 text-center ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
          aria-labelledby="home-get-started"
        >
          <h2
            id="home-get-started"
            className={`${heading} text-3xl`}
            dangerouslySetInnerHTML={html(home.getStarted.title)}
          />
          <p className={`mx-auto mt-4 max-w-2xl ${lead}`} dangerouslySetInnerHTML={html(home.getStarted.description)} />
          <div className="mt-8 flex justify-center">
            <CallToAction />
          </div>
        </section>
      )}
    </PublicLayout>
  );
}
