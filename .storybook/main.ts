import type { StorybookConfig } from '@storybook/react-vite';

/** The component workshop (mocks/README.md#component-workshop): `npm run storybook`. */
const config: StorybookConfig = {
  framework: {
    name: '@storybook/react-vite',
    // Its own Vite config: the app's plugins the components need, without the app's build setup.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  stories: ['../src/**/*.stories.tsx'],
  // Mock mode's service worker script (public/mockServiceWorker.js), served at the root as in mock mode.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
