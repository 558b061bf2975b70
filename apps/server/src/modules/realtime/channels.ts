/**
 * The one rule for who may listen where: a user's events go to the room `user:{id}`, and only
 * that user may be in it. The socket joins it at its handshake, `/broadcasting/auth` answers for
 * it (Laravel Echo names it `private-user:{id}`; the prefix is accepted), and nothing else exists.
 */
export const userRoom = (userId: string) => `user:${userId}`;

export function mayListen(userId: string, channel: string): boolean {
  const name = channel.startsWith('private-') ? channel.slice('private-'.length) : channel;
  return name === userRoom(userId);
}
