import type { Config } from 'tailwindcss'

/**
 * Theme for a mourning context: warm stone surfaces, deep slate text,
 * the deep purple of the QR code as the single accent and a soft gold for small highlights.
 * Referenced from src/styles/index.css with `@config`.
 */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      /** The mobile breakpoint: 768 px (48rem) and wider is the desktop layout. */
      screens: {
        md: '48rem',
      },
      fontFamily: {
        serif: ['"Frank Ruhl Libre"', 'Georgia', '"Times New Roman"', 'serif'],
        sans: ['Heebo', 'system-ui', '-apple-system', '"Segoe UI"', 'Arial', 'sans-serif'],
      },
      colors: {
        canvas: '#F7F4EF',
        surface: '#FFFDFA',
        ink: {
          DEFAULT: '#1F2A37',
          soft: '#3D4A5A',
          muted: '#5D6876',
        },
        line: '#E5DED3',
        plum: {
          50: '#F5F2FA',
          100: '#EAE3F4',
          200: '#D4C7E8',
          300: '#B3A0D3',
          500: '#6C4FA6',
          600: '#5A3D94',
          700: '#4B2E83',
          800: '#3D2569',
          900: '#2C1A4D',
        },
        gold: {
          50: '#FBF7EE',
          100: '#F5ECD6',
          300: '#E2C98F',
          500: '#C2A265',
          700: '#8A6D33',
        },
        danger: {
          50: '#FBF1F0',
          600: '#A63A32',
          700: '#8C2F28',
        },
      },
      boxShadow: {
        soft: '0 1px 2px rgb(31 42 55 / 0.04), 0 4px 16px rgb(31 42 55 / 0.06)',
      },
      maxWidth: {
        prose: '38rem',
      },
    },
  },
} satisfies Config
