// The sandbox gateway's public API: it stands for a third party, so the app only mounts it and
// payments only knows the merchant key it accepts.
export { SANDBOX_PRIVATE_KEY } from './protocol.js';
export { SandboxGatewayModule } from './sandbox-gateway.module.js';
