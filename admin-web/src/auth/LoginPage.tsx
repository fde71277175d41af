import { Link, Typography } from '@mui/material';
import { Login, LoginForm, PasswordInput, required, TextInput, useTranslate } from 'react-admin';

/** Staff sign in with their e-mail address (react-admin's LoginWithEmail, with the product's name on top). */
export function LoginPage() {
  const translate = useTranslate();
  return (
    <Login>
      <Typography variant="h6" component="h1" align="center" sx={{ mt: 1 }}>
        {translate('tallyline.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" align="center">
        {translate('tallyline.auth.subtitle')}
      </Typography>
      <LoginForm>
        <TextInput
          autoFocus
          source="email"
          label="ra.auth.email"
          type="email"
          autoComplete="email"
          validate={required()}
        />
        <PasswordInput source="password" label="ra.auth.password" autoComplete="current-password" validate={required()} />
      </LoginForm>
      {/* The dashboard's pages, which send staff back here (the e-mailed link says it is for staff). */}
      <Typography variant="body2" align="center" sx={{ mb: 2 }}>
        <Link href="/forgot-password?account=staff">{translate('tallyline.auth.forgot_password')}</Link>
      </Typography>
    </Login>
  );
}
