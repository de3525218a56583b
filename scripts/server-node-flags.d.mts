/** The Node.js flags of a serving process: `config.serverNodeFlags` of `root`'s package.json, split. */
export function serverNodeFlags(root?: string): string[];
