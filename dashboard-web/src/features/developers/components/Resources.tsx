import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import Api from '@mui/icons-material/Api';
import Forum from '@mui/icons-material/Forum';
import GitHub from '@mui/icons-material/GitHub';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Description from '@mui/icons-material/Description';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { SOURCE_URL, SUPPORT_EMAIL } from '../api-reference';

interface Resource {
  icon: ReactNode;
  title: string;
  text: string;
  to?: string;
  href?: string;
  external?: boolean;
}

const RESOURCES: Resource[] = [
  { icon: <MenuBook color="primary" aria-hidden />, title: 'Developer guides', text: 'Quick start, payments, 3D Secure, webhooks and testing.', to: '/guides' },
  { icon: <Description color="primary" aria-hidden />, title: 'API documentation (Italiano)', text: 'Endpoints, payloads and examples.', to: '/api' },
  { icon: <Api color="primary" aria-hidden />, title: 'OpenAPI reference', text: 'Every endpoint and schema in Swagger UI.', href: '/api/documentation', external: true },
  { icon: <Forum color="primary" aria-hidden />, title: 'Community', text: 'Questions, answers and the FAQ.', to: '/community' },
  { icon: <GitHub color="primary" aria-hidden />, title: 'Source code', text: 'Tallyline is open source; browse the code and open issues.', href: SOURCE_URL, external: true },
  { icon: <SupportAgent color="primary" aria-hidden />, title: 'Developer support', text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
];

export function Resources() {
  return (
    <Grid container spacing={2}>
      {RESOURCES.map((resource) => {
        const linkProps = resource.to
          ? { component: RouterLink, to: resource.to }
          : { component: 'a' as const, href: resource.href, ...(resource.external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) };
        return (
          <Grid key={resource.title} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea {...linkProps} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent>
                  {resource.icon}
                  <Typography component="h3" sx={{ fontWeight: 700, mt: 1 }}>
                    {resource.title}
                    {resource.external && <Typography component="span" variant="body2" color="text.secondary"> (opens in a new tab)</Typography>}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">{resource.text}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
