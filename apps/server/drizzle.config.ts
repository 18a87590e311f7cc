import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file of a module or a platform part: a new module's tables are found without editing this.
  schema: ['./src/modules/*/*.table.ts', './src/platform/*/*.table.ts'],
  out: './drizzle',
});
