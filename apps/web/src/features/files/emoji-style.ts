import type { EmojiStyle } from '../../ui/Emoji';
import { useConfig } from '../../lib/config';
import { useUser } from '../user/user.api';

/** The user's emoji style (spec §4 emoji toggle), else the server's default. */
export function useEmojiStyle(): EmojiStyle {
  const { data: user } = useUser();
  const config = useConfig();
  return user?.relationships.settings.data.attributes.emoji_type ?? config.defaultEmoji ?? 'twemoji';
}
