/**
 * The built web app's index.html as the server tests stand it in: a head (where the host page writes
 * its preload links) and the root element (where it writes the csrf value and token).
 */
export const standInIndexHtml =
  '<!doctype html><html><head><title>Services Trade Portal</title></head><body><div id="root"></div></body></html>';
