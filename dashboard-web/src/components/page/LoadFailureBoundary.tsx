import { Component, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';

interface Props {
  children: ReactNode;
  /** The address: going to another page leaves the failure behind. */
  resetKey: string;
  /** Inside a page that has its h1 (a dashboard tab). */
  nested?: boolean;
}

/**
 * A page or a tab whose code could not be downloaded (offline, the server restarting, a deploy that replaced
 * the files) throws where it renders; without a boundary React unmounts the whole app and leaves a blank page.
 */
export class LoadFailureBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}>
        <Typography component={this.props.nested ? 'h2' : 'h1'} variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          This page could not be loaded
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Check your connection, then reload the page.
        </Typography>
        {/* React keeps a failed download failed: only a reload asks the server again. */}
        <Button variant="contained" disableElevation onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    );
  }
}
