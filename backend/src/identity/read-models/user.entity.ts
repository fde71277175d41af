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

/** Credentials are state, not events: the e-mail claim (unique) and the argon2 hash. */
@Entity('user_credentials')
export class UserCredentials {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @Column('text', { unique: true }) email: string;
  @Column('text', { name: 'password_hash' }) passwordHash: string;
}
