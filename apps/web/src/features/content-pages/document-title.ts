import { usePageHead } from '../../ssr/page-render.js';

/** Names the browser tab after the record on screen (a page's or publication's own title), and its meta description. */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  usePageHead(title, description);
}
