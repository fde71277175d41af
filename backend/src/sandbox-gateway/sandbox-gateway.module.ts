import { Module } from '@nestjs/common';
import { IpnSender } from './ipn-sender.js';
import { SandboxGatewayController } from './sandbox-gateway.controller.js';
import { SandboxGatewayStore } from './sandbox-gateway.store.js';
import { ThreeDSecureController } from './three-d-secure.controller.js';

/** The embedded sandbox gateway: a stand-in for the third-party card gateway, mounted under /api/sandbox-gateway. */
@Module({ controllers: [SandboxGatewayController, ThreeDSecureController], providers: [SandboxGatewayStore, IpnSender] })
export class SandboxGatewayModule {}
