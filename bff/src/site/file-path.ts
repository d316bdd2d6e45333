/** A path ending in an extension ("/assets/app.js", "/videos/hero.webm") names a file, never a page. */
export function namesAFile(pathname: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(pathname);
}
