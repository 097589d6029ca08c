// App-wide signals: the language and the current route, and the services
// the pages share (the API client and the browser's storage).
import { signal } from '@preact/signals';
import { Api } from './api';
import { initialLang, saveLang, t as translate, type Key, type Lang } from './i18n';
import { parseRoute, type Route } from './router';
import { memoryKV, type KV } from './tokens';

function browserKV(): KV {
  try {
    const k = '__tabula_probe__';
    window.localStorage.setItem(k, k);
    window.localStorage.removeItem(k);
    return window.localStorage;
  } catch {
    return memoryKV(); // storage disabled (private mode): remember for this page only
  }
}

export const kv: KV = browserKV();
export const api = new Api((input, init) => window.fetch(input, init));

export const lang = signal<Lang>(initialLang(kv, navigator.languages ?? [navigator.language]));
export const route = signal<Route>(parseRoute(location.pathname));

/** setLang switches the language and remembers it. */
export function setLang(l: Lang): void {
  lang.value = l;
  saveLang(kv, l);
  document.documentElement.lang = l;
}

/** t translates in the current language (and subscribes the caller to it). */
export function t(key: Key, params?: Record<string, string | number>): string {
  return translate(lang.value, key, params);
}

/** navigate goes to an app path without reloading. */
export function navigate(path: string): void {
  if (path !== location.pathname) history.pushState(null, '', path);
  route.value = parseRoute(location.pathname);
  window.scrollTo(0, 0);
}

window.addEventListener('popstate', () => {
  route.value = parseRoute(location.pathname);
});
document.documentElement.lang = lang.value;
