import { Box, Container, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import Lock from '@mui/icons-material/Lock';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Shield from '@mui/icons-material/Shield';
import Public from '@mui/icons-material/Public';
import { Link as RouterLink } from 'wouter';
import { Tag } from '../tag';
import { useToday } from '../../lib/use-today';

const COMPANY_LINKS = [
  { label: 'About Us', to: '/merchant-application' },
  { label: 'System Status', to: '/status' },
  { label: 'Community', to: '/community' },
  { label: 'Guides', to: '/guides' },
];

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookie Policy', to: '/cookies' },
  { label: 'Security', to: '/security' },
  { label: 'Compliance', to: '/compliance' },
  { label: 'AML Policy', to: '/aml-policy' },
];

const CONTACTS = [
  { label: 'Careers', email: 'careers@tallyline.com' },
  { label: 'Press', email: 'press@tallyline.com' },
  { label: 'Partners', email: 'partners@tallyline.com' },
  { label: 'General enquiries', email: 'info@tallyline.com' },
  { label: 'Support', email: 'support@tallyline.com' },
];

const BADGES = [
  { label: 'PCI DSS Level 1', icon: <VerifiedUser fontSize="small" /> },
  { label: '256-bit SSL', icon: <Lock fontSize="small" /> },
  { label: 'GDPR compliant', icon: <Shield fontSize="small" /> },
  { label: '40+ countries', icon: <Public fontSize="small" /> },
];

const linkSx = { color: 'grey.300', '&:hover': { color: 'common.white' } } as const;

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 14, textTransform: 'uppercase', letterSpacing: 1, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {children}
      </Stack>
    </Box>
  );
}

export function Footer() {
  const today = useToday();
  return (
    <Box component="footer" sx={{ bgcolor: '#0f172a', color: 'grey.100', mt: 'auto', pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography sx={{ fontWeight: 800, fontSize: 22, mb: 1 }}>Tallyline</Typography>
            <Typography variant="body2" sx={{ color: 'grey.300', maxWidth: 340 }}>
              Card, bank-transfer and digital-wallet payments for businesses in 40+ countries, with fraud protection
              and real-time analytics.
            </Typography>
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2.5 }}>
            <Column title="Company">
              {COMPANY_LINKS.map((link) => (
                <li key={link.to}>
                  <Link component={RouterLink} to={link.to} sx={linkSx}>{link.label}</Link>
                </li>
              ))}
            </Column>
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2.5 }}>
            <Column title="Legal">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link component={RouterLink} to={link.to} sx={linkSx}>{link.label}</Link>
                </li>
              ))}
            </Column>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <Column title="Contact">
              {CONTACTS.map((contact) => (
                <li key={contact.email}>
                  {/* An address breaks inside only when it cannot fit a line of its own ("info@tallylin / e.com" otherwise). */}
                  <Link href={`mailto:${contact.email}`} sx={{ ...linkSx, overflowWrap: 'anywhere' }}>
                    {contact.label}: {contact.email}
                  </Link>
                </li>
              ))}
            </Column>
          </Grid>
        </Grid>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 5 }} aria-label="Security and compliance">
          {BADGES.map((badge) => (
            <Tag
              key={badge.label}
              icon={badge.icon}
              label={badge.label}
              variant="outlined"
              sx={{ color: 'grey.100', borderColor: 'grey.600', '& .MuiChip-icon': { color: '#6ee7b7' } }}
            />
          ))}
        </Stack>
        <Divider sx={{ borderColor: 'grey.800', my: 3 }} />
        <Typography variant="body2" sx={{ color: 'grey.400' }}>
          Tallyline Ltd is a private limited company registered in England and Wales, company number 14872305.
        </Typography>
        <Typography variant="body2" sx={{ color: 'grey.400', mt: 0.5 }}>
          © {today && `${today.getFullYear()} `}Tallyline Ltd. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
