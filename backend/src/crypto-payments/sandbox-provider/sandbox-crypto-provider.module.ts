import { Module } from '@nestjs/common';
import { CryptoProvider } from '../provider/crypto-provider.js';
import { SandboxCryptoProvider } from './sandbox-crypto-provider.js';

/** Binds the CryptoProvider port to the sandbox; a real provider is a module like this one. */
@Module({
  providers: [{ provide: CryptoProvider, useClass: SandboxCryptoProvider }],
  exports: [CryptoProvider],
})
export class SandboxCryptoProviderModule {}
