import Box from '@mui/material/Box';
import { HtmlContent } from './html-content.js';
import { useContentPage } from './use-content-page.js';

/** The general text of SMS reporting, from the content page `sms-how-to` when it is published. */
export function SmsGuide() {
  const page = useContentPage('sms-how-to');
  if (!page.data) return null;
  return (
    <Box component="section" sx={{ mt: 5 }} data-testid="sms-guide">
      <HtmlContent html={page.data.content} />
    </Box>
  );
}
