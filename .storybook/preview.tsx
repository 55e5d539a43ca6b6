import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { startMockWorker } from '../mocks/browser-worker';
import { initTestI18n } from '../src/testing/test-i18n';
import { workshopAnnotations } from './workshop';
import '../src/styles/index.css';
import '../src/styles/signed-in-controls.css';

// Every language, so the language switcher shows the others in the workshop (English is already in).
const locales = import.meta.glob<Record<string, unknown>>('../src/locales/*.json', {
  eager: true,
  import: 'default',
});
const i18n = initTestI18n();
for (const [file, texts] of Object.entries(locales)) {
  const locale = /([^/]+)\.json$/.exec(file)?.[1];
  if (locale && locale !== 'en') i18n.addResourceBundle(locale, 'translation', texts);
}

const preview: Preview = {
  ...workshopAnnotations,
  // Mock mode's worker and handlers; before each story the addon resets them and adds the story's
  // `parameters.msw.handlers` in front (mocks/override-answers.ts builds failing and empty ones).
  loaders: [mswLoader(startMockWorker)],
};

export default preview;
