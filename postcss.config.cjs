module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '31.1875em',
        'mantine-breakpoint-sm': '46.875em',
        'mantine-breakpoint-md': '53.125em',
        'mantine-breakpoint-lg': '62.5em',
        'mantine-breakpoint-xl': '81.25em',
      },
    },
  },
};
