import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of users (projection "users"). */
@Entity('users')
export class UserView {
  @PrimaryColumn('uuid') id: string;
  @Column('text') email: string;
  @Column('text', { name: 'first_name' }) firstName: string;
  @Column('text', { name: 'last_name' }) lastName: string;
  @Column('text') role: 'merchant' | 'staff';
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

/** Sign-in credentials (projection "users", from UserRegistered/CredentialsImported/PasswordChanged): the argon2 hash, never a password. */
@Entity('user_credentials')
export class UserCredentials {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @Column('text') email: string;
  @Column('text', { name: 'password_hash' }) passwordHash: string;
  /** The user stream's version of the event that set this password: session tokens issued under another are over. */
  @Column('integer', { name: 'password_version', default: 0 }) passwordVersion: number;
}
