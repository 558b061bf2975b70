import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { resolveTo } from './navigation';
import { createBrowserRouter, matchRoutes, type RouteObject } from './router';

const leaf = (path: string, name: string): RouteObject => ({ path, handle: name });

const router = createBrowserRouter([
  {
    handle: 'root',
    children: [
      leaf('/', 'home'),
      { path: '/share/:token', children: [{ index: true, handle: 'entry' }, leaf('files/:id?', 'folder')] },
      {
        handle: 'shell',
        children: [
          {
            path: '/admin',
            handle: 'admin',
            children: [
              { index: true, handle: 'admin-index' },
              leaf('plan/:id/fixed', 'plan'),
              leaf('plan/create/fixed', 'create-plan'),
            ],
          },
          { path: '/platform', children: [leaf('trash/:id?', 'trash'), leaf('files/:id', 'folder')] },
        ],
      },
      leaf('*', 'not-found'),
    ],
  },
]);

function match(pathname: string) {
  const matches = matchRoutes(router, parse, pathname);
  return { handles: matches.map((m) => m.handle), params: matches.at(-1)?.params };
}

describe('route matching', () => {
  it('nests layouts and index routes', () => {
    expect(match('/admin').handles).toEqual(['root', 'shell', 'admin', 'admin-index']);
    expect(match('/share/abc').handles).toEqual(['root', undefined, 'entry']);
    expect(match('/').handles).toEqual(['root', 'home']);
  });

  it('prefers static segments over parameters, whatever the order', () => {
    expect(match('/admin/plan/create/fixed').handles.at(-1)).toBe('create-plan');
    expect(match('/admin/plan/7/fixed')).toEqual({
      handles: ['root', 'shell', 'admin', 'plan'],
      params: { id: '7' },
    });
  });

  it('handles optional parameters, decoding and the catch-all', () => {
    expect(match('/platform/trash').params).toEqual({});
    expect(match('/platform/trash/a%20b').params).toEqual({ id: 'a b' });
    expect(match('/share/t/files').handles.at(-1)).toBe('folder');
    expect(match('/platform/nope').handles).toEqual(['root', 'not-found']);
    expect(match('/platform/files/x/y').handles).toEqual(['root', 'not-found']);
  });
});

describe('resolveTo', () => {
  it('resolves relative paths against the current one', () => {
    expect(resolveTo('/x?a=1', '/a/b')).toBe('/x?a=1');
    expect(resolveTo('details', '/admin/user/5')).toBe('/admin/user/5/details');
    expect(resolveTo('../settings', '/user/profile')).toBe('/user/settings');
    expect(resolveTo('?highlight=1', '/platform/files')).toBe('/platform/files?highlight=1');
    expect(resolveTo({ search: '?q=2' }, '/platform/files/9')).toBe('/platform/files/9?q=2');
  });
});
