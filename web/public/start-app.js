// The app's scripts for a page the server rendered (server/plugins/page-render.ts): the page is readable
// without them, so they are asked for once it has been painted, and a phone's slow line carries the
// pictures first. A classic script in a file: the content security policy runs no inline script.
const app = document.currentScript.dataset.app;
requestAnimationFrame(() =>
  setTimeout(() => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = app;
    document.head.append(script);
  }),
);
