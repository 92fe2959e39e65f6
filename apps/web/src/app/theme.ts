// The Chakra system: default config plus the CX brand palette, the light page background and visible focus rings.
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    // Brand as the default palette, so Chakra's own focus rings and solid buttons use it too.
    html: { colorPalette: 'brand' },
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
    // Keyboard users always see where they are; mouse clicks do not leave a ring behind.
    'a:focus-visible, button:focus-visible, [role="menuitem"]:focus-visible, [tabindex]:focus-visible': {
      outline: '2px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef2ff' },
          100: { value: '#e0e7ff' },
          200: { value: '#c7d2fe' },
          300: { value: '#a5b4fc' },
          400: { value: '#818cf8' },
          500: { value: '#6366f1' },
          600: { value: '#4f46e5' },
          700: { value: '#4338ca' },
          800: { value: '#3730a3' },
          900: { value: '#312e81' },
          950: { value: '#1e1b4b' },
        },
      },
      sizes: {
        sidebar: { value: '280px' },
      },
    },
    semanticTokens: {
      colors: {
        // The names Chakra's recipes read when a component is given colorPalette="brand".
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        page: {
          bg: { value: '#f5f7fb' },
        },
        // Chakra's default (red.500 on white, 3.8:1) fails WCAG AA for the small field error texts: red.700 is 6.5:1.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
