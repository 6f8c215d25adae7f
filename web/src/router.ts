/** Routes live in the URL fragment: #/ (lobby), #/game/<id>, #/join/<id>/<seat>, #/inbox. */
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'lobby' }
  | { page: 'game'; id: string }
  | { page: 'join'; id: string; seat: number | null }
  | { page: 'inbox' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'game' && parts[1]) return { page: 'game', id: parts[1] };
  if (parts[0] === 'join' && parts[1]) {
    const seat = parts[2] !== undefined && /^\d+$/.test(parts[2]) ? Number(parts[2]) : null;
    return { page: 'join', id: parts[1], seat };
  }
  if (parts[0] === 'inbox') return { page: 'inbox' };
  return { page: 'lobby' };
}

export function navigate(path: string, replace = false): void {
  const url = `${location.pathname}${location.search}#${path}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('hashchange', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
