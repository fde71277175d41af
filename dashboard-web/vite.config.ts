import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/**
 * MUI without its CSS-variables theme machinery, which this app never uses (its theme, lib/theme.ts, has no
 * `cssVariables` or `colorSchemes`): `createTheme` and `ThemeProvider` import the CSS-variables variants
 * (`createThemeWithVars`, `CssVarsProvider` with its color-scheme storage) statically, and every MUI
 * component reaches `createTheme` through its default theme, so each page downloaded about 8 KiB (gzip) it
 * never ran. In the browser build the two modules are replaced by the branch they take for such a theme,
 * unchanged: `createTheme` is `createThemeNoVars` and `ThemeProvider` is `ThemeProviderNoVars` with `vars`
 * set to null. A theme that asks for CSS variables fails loudly instead of silently rendering without them,
 * and so does an MUI whose two modules no longer read as this expects (update this then).
 */
function muiThemeWithoutCssVariables(): Plugin {
  const replacements: [RegExp, string, string][] = [
    [
      /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
      'return createThemeNoVars(options, ...args);',
      `import createThemeNoVars from './createThemeNoVars.mjs';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error('MUI themes with CSS variables or color schemes are compiled out of this build (dashboard-web/vite.config.ts)');
  return createThemeNoVars(options, ...args);
}`,
    ],
    [
      /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
      'return /*#__PURE__*/_jsx(ThemeProviderNoVars, {',
      `import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.mjs';
import THEME_ID from './identifier.mjs';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error('MUI themes with CSS variables or color schemes are compiled out of this build (dashboard-web/vite.config.ts)');
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return React.createElement(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
    ],
  ];
  return {
    name: 'mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const match = replacements.find(([file]) => file.test(id));
      if (!match) return null;
      if (!readFileSync(id, 'utf8').includes(match[1])) throw new Error(`${id} changed: check muiThemeWithoutCssVariables in vite.config.ts`);
      return match[2];
    },
  };
}

/**
 * MUI's ripple left out of the browser build (about 2.5 KiB gzip on every page): the theme turns it off for
 * every button (lib/theme.ts, MuiButtonBase's `disableRipple`), which marks keyboard focus with an outline
 * instead, so ButtonBase never renders its TouchRipple; yet ButtonBase imports it statically. The module is
 * replaced by one that renders nothing and accepts the ripple calls ButtonBase still makes.
 */
function muiWithoutRipple(): Plugin {
  return {
    name: 'mui-without-ripple',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]TouchRipple\.mjs$/.test(id)) return null;
      return `import * as React from 'react';
const noop = () => {};
export default React.forwardRef(function TouchRipple(props, ref) {
  React.useImperativeHandle(ref, () => ({ start: noop, stop: noop, pulsate: noop }), []);
  return null;
});`;
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [muiThemeWithoutCssVariables(), muiWithoutRipple()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // No polyfill for <link rel="modulepreload"> (half a KiB on every page): every browser this app supports
    // preloads modules natively, and one that did not would only fetch the page's chunks as it imports them.
    modulePreload: { polyfill: false },
    // Which chunks each page needs, for the prerendered pages' modulepreload links (scripts/prerender.mjs).
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // MUI and react-router mark modules 'use client' for React Server Components; meaningless in this
        // SPA (as in admin-web's config), and one warning per module would bury real ones.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Chunks are named by their hash alone: each page's entry lists every lazily loaded chunk's file name
        // (for preloading) and each chunk imports others by name, so short names are 1 to 1.6 KiB (gzip) less
        // on every page. The entry keeps its name (index-<hash>.js); the build's manifest maps the others.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            {
              // What every page runs (React, the router, emotion and MUI's styling core) in
              // one file instead of a dozen: each file is compressed on its own, so fewer, larger files are
              // smaller in all. Only what the entry imports statically ($initial), so that nothing here is left
              // unused by a page: the rest of these packages (MUI's useRovingTabIndex for tabs and menus,
              // useMediaQuery…) goes with the pages that use it. react-query is not in it: only the pages
              // that query load it (src/lib/lazy-with-queries.tsx).
              name: 'framework',
              priority: 1,
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@emotion|stylis|@babel[\\/]runtime|@mui[\\/](system|utils|styled-engine|private-theming)|react-transition-group|clsx|prop-types|react-is)[\\/]/,
              tags: ['$initial'],
            },
            {
              // Everything else that the entry imports statically (the layout, the theme, MUI's ButtonBase and
              // Typography…) is loaded by every page too: one file rather than the ten that rolldown makes of it
              // otherwise (one per set of pages that share a module), as each small file compresses worse.
              name: 'shared',
              tags: ['$initial'],
              priority: 0,
            },
          ],
        },
      },
    },
  },
  // Port 5173 is in the API's development CORS allow-list (NODE_ENV=development); /api is proxied anyway.
  server: { port: 5173, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});
