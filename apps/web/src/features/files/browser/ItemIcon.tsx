import { Archive, Code, File, FileText, Film, Image, Music, Presentation, Sheet, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Emoji } from '../../../ui/Emoji';
import { cn } from '../../../ui/cn';
import { useEmojiStyle } from '../emoji-style';
import { isFolder, type FileItem, type Item } from '../items';

export type IconSize = 'xs' | 'sm' | 'md' | 'lg';

const boxes: Record<IconSize, string> = {
  xs: 'size-6',
  sm: 'size-11',
  md: 'size-24',
  lg: 'size-32',
};

/** A folder drawn in its colour (the accent by default), with its emoji on the front. */
export function FolderIcon({
  color,
  emoji,
  size = 'sm',
  className,
}: {
  color: string | null;
  emoji: string | null;
  size?: IconSize;
  className?: string;
}) {
  const emojiStyle = useEmojiStyle();
  return (
    <span className={cn('relative inline-flex shrink-0 items-center justify-center', boxes[size], className)}>
      <svg viewBox="0 0 48 40" className="h-auto w-full" aria-hidden style={{ color: color ?? 'var(--accent)' }}>
        <path
          d="M2 6.5A4.5 4.5 0 0 1 6.5 2h11.1a4.5 4.5 0 0 1 3.2 1.3L24 6.5h17.5A4.5 4.5 0 0 1 46 11v22.5a4.5 4.5 0 0 1-4.5 4.5h-35A4.5 4.5 0 0 1 2 33.5z"
          fill="currentColor"
        />
        <path
          d="M2 6.5A4.5 4.5 0 0 1 6.5 2h11.1a4.5 4.5 0 0 1 3.2 1.3L24 6.5h17.5A4.5 4.5 0 0 1 46 11v22.5a4.5 4.5 0 0 1-4.5 4.5h-35A4.5 4.5 0 0 1 2 33.5z"
          fill="black"
          fillOpacity=".18"
        />
        <path
          d="M2 14.5A4.5 4.5 0 0 1 6.5 10h35a4.5 4.5 0 0 1 4.5 4.5v19a4.5 4.5 0 0 1-4.5 4.5h-35A4.5 4.5 0 0 1 2 33.5z"
          fill="currentColor"
        />
        <path d="M2 14.5A4.5 4.5 0 0 1 6.5 10h35a4.5 4.5 0 0 1 4.5 4.5v1H2z" fill="white" fillOpacity=".16" />
      </svg>
      {emoji && (
        <span className="absolute inset-x-0 top-[29%] bottom-[12.5%] flex items-center justify-center">
          <Emoji emoji={emoji} emojiStyle={emojiStyle} className={emojiSizes[size]} />
        </span>
      )}
    </span>
  );
}

const emojiSizes: Record<IconSize, string> = {
  xs: 'size-3 text-[12px]',
  sm: 'size-5 text-xl',
  md: 'size-10 text-[40px]',
  lg: 'size-13 text-[52px]',
};

interface FileKind {
  icon: LucideIcon;
  /** Text colour of the glyph and the extension label. */
  tone: string;
}

const kinds = {
  image: { icon: Image, tone: 'text-violet-600 dark:text-violet-400' },
  video: { icon: Film, tone: 'text-rose-600 dark:text-rose-400' },
  audio: { icon: Music, tone: 'text-amber-600 dark:text-amber-400' },
  document: { icon: FileText, tone: 'text-sky-600 dark:text-sky-400' },
  pdf: { icon: FileText, tone: 'text-red-600 dark:text-red-400' },
  sheet: { icon: Sheet, tone: 'text-emerald-700 dark:text-emerald-400' },
  slides: { icon: Presentation, tone: 'text-orange-600 dark:text-orange-400' },
  archive: { icon: Archive, tone: 'text-stone-600 dark:text-stone-300' },
  code: { icon: Code, tone: 'text-teal-700 dark:text-teal-400' },
  other: { icon: File, tone: 'text-neutral-500 dark:text-neutral-400' },
} satisfies Record<string, FileKind>;

const byExtension: Record<string, keyof typeof kinds> = {};
const extensionGroups: Array<[keyof typeof kinds, string]> = [
  ['pdf', 'pdf'],
  ['sheet', 'xls xlsx xlsm csv tsv ods numbers'],
  ['slides', 'ppt pptx key odp'],
  ['archive', 'zip rar 7z tar gz tgz bz2 xz zst'],
  [
    'code',
    'js mjs cjs ts tsx jsx json html htm css scss xml yml yaml toml py rb go rs java kt c h cpp cs php sh sql md swift vue',
  ],
  ['document', 'doc docx odt rtf txt pages epub'],
];
for (const [kind, list] of extensionGroups) for (const ext of list.split(' ')) byExtension[ext] = kind;

/** How a file looks without a thumbnail: by extension first, then by category. */
export function fileKind(file: FileItem): FileKind {
  const ext = file.attributes.extension?.toLowerCase();
  const kind = (ext && byExtension[ext]) || file.attributes.category;
  return kinds[kind] ?? kinds.other;
}

/** A sheet of paper with the file type's glyph and extension. */
export function FileTypeIcon({
  file,
  size = 'sm',
  className,
}: {
  file: FileItem;
  size?: IconSize;
  className?: string;
}) {
  const { icon: Icon, tone } = fileKind(file);
  const ext = file.attributes.extension?.slice(0, 5);
  return (
    <span className={cn('relative inline-flex shrink-0 items-center justify-center', boxes[size], className)}>
      <svg viewBox="0 0 40 48" className="h-full w-auto" aria-hidden>
        <path
          d="M6 1.5h19.5L38.5 14.5v28a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4v-37a4 4 0 0 1 4-4z"
          className="fill-white stroke-neutral-300 dark:fill-neutral-800 dark:stroke-neutral-700"
          strokeWidth="1.5"
        />
        <path
          d="M25.5 1.5v9a4 4 0 0 0 4 4h9"
          className="fill-neutral-100 stroke-neutral-300 dark:fill-neutral-700 dark:stroke-neutral-700"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <span
        className={cn(
          'absolute inset-0 flex flex-col items-center justify-center',
          size === 'sm' || size === 'xs' ? 'gap-0 pt-1' : 'gap-1 pt-3',
          tone,
        )}
      >
        <Icon
          className={size === 'xs' ? 'size-3' : size === 'sm' ? 'size-4' : size === 'md' ? 'size-8' : 'size-10'}
          aria-hidden
        />
        {ext && (size === 'md' || size === 'lg') && (
          <span className="max-w-[80%] truncate text-xs font-bold tracking-wide uppercase">{ext}</span>
        )}
      </span>
    </span>
  );
}

/** The image's thumbnail once the server made it: fades in inside a box of fixed size. */
function Thumbnail({
  src,
  size,
  className,
  fallback,
}: {
  src: string;
  size: IconSize;
  className?: string;
  fallback: ReactNode;
}) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 overflow-hidden bg-neutral-100 dark:bg-neutral-800',
        size === 'sm' || size === 'xs' ? 'rounded-lg' : 'rounded-xl',
        boxes[size],
        className,
      )}
    >
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        onError={() => setFailed(true)}
        className={cn('size-full object-cover transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
      />
    </span>
  );
}

/** The picture of any item: folder, image thumbnail (sm in lists, md in grids), or file type. */
export function ItemIcon({ item, size = 'sm', className }: { item: Item; size?: IconSize; className?: string }) {
  if (isFolder(item)) {
    return <FolderIcon color={item.attributes.color} emoji={item.attributes.emoji} size={size} className={className} />;
  }
  const thumb = item.attributes.thumbnail;
  if (thumb) {
    return (
      <Thumbnail
        key={thumb.sm}
        src={size === 'sm' || size === 'xs' ? thumb.sm : thumb.md}
        size={size}
        className={className}
        fallback={<FileTypeIcon file={item} size={size} className={className} />}
      />
    );
  }
  return <FileTypeIcon file={item} size={size} className={className} />;
}
