import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @beseda/server` writes SQL migrations from the schema; they are committed and applied at
// start by src/db/migrate.ts for both drivers.
export default defineConfig({
  dialect: 'postgresql',
  // Every file under schema/ is one feature's tables; later issues add files here and regenerate.
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
