import { Info, LayoutGrid, List, Menu, PanelLeftOpen, Search, UploadCloud } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUpload } from '../../features/files/useUpload';
import { usePreferences } from '../../lib/preferences';
import { useScreen, useSection } from '../../lib/route-handle';
import { IconButton } from '../../ui/Button';
import { useShell } from './navigation';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function SearchField() {
  const { t } = useTranslation();
  const open = useShell((s) => s.setSpotlightOpen);
  return (
    <>
      <button
        type="button"
        onClick={() => open(true)}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        className="hidden h-11 w-64 items-center gap-3 rounded-xl bg-neutral-100 px-3.5 text-left text-sm text-neutral-500 transition hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-accent lg:flex dark:bg-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800"
      >
        <Search className="size-4.5 shrink-0" aria-hidden />
        <span className="flex-1 truncate">{t('search.placeholder')}</span>
        <kbd className="rounded-md border border-neutral-300 px-1.5 py-0.5 font-sans text-xs text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      <IconButton label={t('search.open')} onClick={() => open(true)} className="lg:hidden">
        <Search className="size-5" aria-hidden />
      </IconButton>
    </>
  );
}

/** Screen name with its section icon, plus the file screen actions. */
export function Header() {
  const { t } = useTranslation();
  const { title, icon: Icon } = useScreen();
  const section = useSection();
  const prefs = usePreferences();
  const openMenu = useShell((s) => s.setMobileMenuOpen);
  const upload = useUpload();
  const onFiles = section === 'Platform';
  return (
    <header className="flex h-[72px] shrink-0 items-center gap-2 border-b border-neutral-200 px-3 sm:px-5 dark:border-neutral-800/80">
      <IconButton label={t('nav.open_menu')} onClick={() => openMenu(true)} className="md:hidden">
        <Menu className="size-5" aria-hidden />
      </IconButton>
      {onFiles && !prefs.navigationBarVisible && (
        <IconButton label={t('nav.show_navigation')} onClick={prefs.toggleNavigationBar} className="max-md:hidden">
          <PanelLeftOpen className="size-5" aria-hidden />
        </IconButton>
      )}
      <div className="flex min-w-0 flex-1 items-center gap-2.5">
        {Icon && <Icon className="hidden size-5 shrink-0 text-accent-strong sm:block dark:text-accent" aria-hidden />}
        <h1 className="truncate text-lg font-semibold text-neutral-900 dark:text-white">{title ? t(title) : ''}</h1>
      </div>
      {onFiles && (
        <IconButton label={t('files.upload')} onClick={upload}>
          <UploadCloud className="size-5.5" aria-hidden />
        </IconButton>
      )}
      <SearchField />
      {onFiles && (
        <>
          <IconButton
            label={prefs.previewType === 'list' ? t('files.view_grid') : t('files.view_list')}
            onClick={prefs.togglePreviewType}
            className="max-sm:hidden"
          >
            {prefs.previewType === 'list' ? (
              <LayoutGrid className="size-5" aria-hidden />
            ) : (
              <List className="size-5" aria-hidden />
            )}
          </IconButton>
          <IconButton
            label={t('files.details')}
            aria-pressed={prefs.fileInfoVisible}
            active={prefs.fileInfoVisible}
            onClick={prefs.toggleFileInfo}
            className="max-xl:hidden"
          >
            <Info className="size-5" aria-hidden />
          </IconButton>
        </>
      )}
    </header>
  );
}
