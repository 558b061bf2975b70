import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { userQueryKey } from '../user/user.api';
import { addLiveNotification } from './notifications.api';
import { playBlop } from './sound';

/**
 * A `notification` event (spec §4 "a generic notification event plays a sound and refreshes user
 * data"): the notification goes on top of the list and the bell counts it at once, the user record
 * is fetched again, and the blop plays. Mounted once, in the signed-in frame.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  useRealtime('notification', (notification) => {
    addLiveNotification(client, notification);
    void client.invalidateQueries({ queryKey: userQueryKey });
    playBlop();
  });
}
