// timegames service worker: precaches the whole site so it works offline.
// build.py fills in VERSION (a hash of every file) and PRECACHE (every URL,
// relative to this file), so each deployment gets a fresh cache and the
// previous one is deleted when the new worker activates.
const VERSION = "@VERSION@";
const PRECACHE = @PRECACHE@;
const CACHE = "timegames-" + VERSION;
const SCOPE = new URL("./", self.location.href);

// A few downloads at a time, not all at once (cache.addAll): the whole site
// at once took both cores of a small machine from the page being played.
// All or nothing, like addAll: one failure fails the install, which the
// browser tries again on a later visit.
const AT_ONCE = 4;

// The engine's snapshot travels gzip-compressed (build.py) and is stored
// inflated, so a revisit starts from it without inflating it first (the
// engine worker still puts back its empty pages, a copy).  Only bytes that
// still start as gzip does (1f 8b) are inflated: a host that sends a .gz
// file as gzip-encoded has the browser inflate it on the way.
const PACKED = /\.snapshot\.gz$/;

async function unpacked(url, response) {
  if (!PACKED.test(url) || typeof DecompressionStream === "undefined") return response;
  const bytes = await response.arrayBuffer();
  const head = new Uint8Array(bytes, 0, 2);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Response(bytes);
  return new Response(new Response(bytes).body.pipeThrough(new DecompressionStream("gzip")));
}

async function precache() {
  const cache = await caches.open(CACHE);
  const urls = PRECACHE.map((url) => new URL(url, SCOPE).href);
  let next = 0;
  async function lane() {
    while (next < urls.length) {
      const url = urls[next++];
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await cache.put(url, await unpacked(url, response));
    }
  }
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, lane));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("timegames-") && key !== CACHE)
          .map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

// Cache first: everything the site needs is in the versioned cache; the
// query string (?embed=1) selects a page mode and never a different file.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) {
      return hit;
    }
    try {
      const response = await fetch(request);
      if (response.ok && new URL(request.url).href.startsWith(SCOPE.href)) {
        cache.put(request, response.clone());
      }
      return response;
    } catch (error) {
      const page = await cache.match(new URL("./", request.url), { ignoreSearch: true });
      return page || Response.error();
    }
  })());
});
