import { Typography } from '@mantine/core';
import Markdown from 'react-markdown';

/** Only web and mail links: a `javascript:` or `data:` link in the text becomes no link at all. */
export function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url : '';
}

/**
 * Markdown an admin wrote, shown safely: raw HTML is dropped (never rendered), links keep only http(s)
 * and mailto addresses and open without handing the page to the target, and pictures are not loaded.
 * Headings move one level down: the page's own title is the one h1.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Typography>
      <Markdown
        skipHtml
        urlTransform={safeUrl}
        disallowedElements={['img']}
        components={{
          h1: ({ children: text }) => <h2>{text}</h2>,
          h2: ({ children: text }) => <h3>{text}</h3>,
          h3: ({ children: text }) => <h4>{text}</h4>,
          a: ({ href, children: text }) =>
            href ? (
              <a
                href={href}
                rel="noopener noreferrer nofollow"
                target={href.startsWith('mailto:') ? undefined : '_blank'}
              >
                {text}
              </a>
            ) : (
              <span>{text}</span>
            ),
        }}
      >
        {children}
      </Markdown>
    </Typography>
  );
}
