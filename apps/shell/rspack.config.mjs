import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '@app/web-tools/rspack';
import { PwaAssetsPlugin } from '@app/web-tools/pwa';
import { PlainScriptPlugin } from '@app/web-tools/plain-script';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const read = (file) => readFileSync(path.join(appDir, file), 'utf8');
// The languages and their BCP 47 tags, read from their one definition in the contracts package.
const languagesSource = read('../../packages/contracts/src/languages.ts');
const LANGUAGES = JSON.parse(/LANGUAGES = (\[[^\]]*\])/.exec(languagesSource)[1].replace(/'/g, '"'));
const BCP47 = Object.fromEntries([...languagesSource.matchAll(/^ {2}(\w+): '([\w-]+)',$/gm)].map((m) => [m[1], m[2]]));
const TAB_ICONS = {
  home: '<path d="M3 10.5 12 3l9 7.5"/><path d="M5 9.5V20h5v-6h4v6h5V9.5"/>',
  project: '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 15l3-3 3 2 4-5"/>',
  order: '<path d="M6 3h12v18l-3-2-3 2-3-2-3 2z"/><path d="M9 8h6M9 12h6"/>',
  mine: '<circle cx="12" cy="8" r="4"/><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"/>',
};

/**
 * What the inline boot script knows at build time: the shell's own table (Home, its widgets, the tabs), the tab
 * labels and Home's head, all from the shell's own files. The remotes' pages and their heads come with the boot
 * data instead (each remote's build declares them), so nothing here is read from a remote.
 */
function bootRoutes() {
  const owners = JSON.parse(read('src/app/shell-routes.json'));
  const labels = {};
  const back = {};
  const hero = {};
  for (const lang of LANGUAGES) {
    const common = JSON.parse(read(`../../packages/i18n/src/locales/${lang}/common.json`));
    labels[lang] = common.tabs;
    back[lang] = common.actions.back;
    hero[lang] = [common.home.title, common.home.subtitle, common.app.name];
  }
  const heads = {};
  for (const path of owners.tabs.home) heads[path] = { kind: 'hero', nav: 'brand', texts: hero };
  return {
    languages: LANGUAGES,
    bcp47: BCP47,
    home: { paths: owners.tabs.home, widgets: owners.home },
    tabs: owners.tabs,
    labels,
    back,
    heads,
  };
}

const frameTabs = Object.entries(TAB_ICONS)
  .map(
    ([key, icon]) =>
      `<a class="bf-tab" data-boot-tab="${key}" href="#${key === 'home' ? '/' : bootRoutes().tabs[key][0]}"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${icon}</svg><span></span></a>`,
  )
  .join('');

const intlWarmup = new PlainScriptPlugin({ name: 'intl-warmup', source: read('src/boot/intl-warmup.js') });

const englishCommon = JSON.parse(read('../../packages/i18n/src/locales/en/common.json'));

export default appConfig({
  appDir,
  name: 'shell',
  kind: 'host',
  productionPlugins: [
    new PwaAssetsPlugin({
      appDir,
      name: englishCommon.app.name,
      shortName: englishCommon.app.name,
      description: englishCommon.meta.description,
      tokensCss: path.join(appDir, '../../packages/ui/src/tokens/tokens.css'),
    }),
    intlWarmup,
  ],
  templateParameters: {
    frameCss: read('src/boot/frame.css')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\n/g, ''),
    frameTabs,
    bootScript: read('src/boot/boot.js')
      .replace(/^\/\*[\s\S]*?\*\/\n/, '')
      .replace('__BOOT_ROUTES__', JSON.stringify(bootRoutes()))
      .replace('__INTL_WARMUP__', JSON.stringify(intlWarmup.fileName)),
  },
});
