// The boundary rules of eslint.config.js, proven on deliberate violations: each case lints a real file's
// path with made-up content, so the rules see it exactly where the import would live.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// Only the import rules matter here; type information would only make each case slower.
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it("refuses a feature importing another feature's internals", async () => {
    const errors = await boundaryErrors(
      'backend/src/onboarding/onboarding.module.ts',
      "import { MerchantView } from '../merchants/read-models/merchant.entity.js';\nexport const view = MerchantView;\n",
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0], /merchants is another feature/);
  });

  it("allows a feature to import another feature's public API", async () => {
    const errors = await boundaryErrors(
      'backend/src/onboarding/onboarding.module.ts',
      "import { ActivateMerchant } from '../merchants/index.js';\nexport const command = ActivateMerchant;\n",
    );
    assert.deepEqual(errors, []);
  });

  it('refuses platform/ importing the app module or a feature', async () => {
    const errors = await boundaryErrors(
      'backend/src/platform/http/configure-app.ts',
      "import { AppModule } from '../../app.module.js';\nimport { MerchantsModule } from '../../merchants/index.js';\nexport const modules = [AppModule, MerchantsModule];\n",
    );
    assert.equal(errors.length, 2);
    assert.ok(errors.every((message) => /platform\/ never imports/.test(message)));
  });

  it('refuses a frontend importing backend code, by path or by package', async () => {
    const errors = await boundaryErrors(
      'admin-web/src/App.tsx',
      "import { streamNames } from '../../backend/src/platform/event-store/stream-names.js';\nimport { AppConfig } from '@tallyline/backend/platform/config/app-config';\nexport const parts = [streamNames, AppConfig];\n",
    );
    assert.ok(errors.some((message) => /admin-web imports only @tallyline\/contracts, never backend/.test(message)));
    assert.ok(errors.some((message) => /Only the backend imports backend code/.test(message)));
  });

  it("refuses a dashboard-web feature importing another feature's code", async () => {
    const errors = await boundaryErrors(
      'dashboard-web/src/features/home/routes/HomePage.tsx',
      "import { LoginPage } from '../../auth/routes/LoginPage';\nexport const page = LoginPage;\n",
    );
    assert.equal(errors.length, 1);
  });
});
