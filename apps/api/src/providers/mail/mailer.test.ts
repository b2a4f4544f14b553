import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { expect, test } from 'vitest'
import { createMailer } from './mailer'

const message = {
  to: 'patient@example.test',
  subject: 'Booking confirmed',
  text: 'See you on Jan 5, 2023.',
  attachments: [
    {
      filename: 'appointment.ics',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
      contentType: 'text/calendar',
    },
  ],
}

test('without SMTP_URL each message lands in DATA_DIR/outbox as an .eml file', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'))
  await createMailer({ from: 'Clinic <clinic@example.test>', dataDir }).send(message)
  const files = await readdir(path.join(dataDir, 'outbox'))
  expect(files).toHaveLength(1)
  expect(files[0]).toMatch(/\.eml$/)
  const eml = await readFile(path.join(dataDir, 'outbox', files[0] as string), 'utf8')
  expect(eml).toContain('To: patient@example.test')
  expect(eml).toContain('Subject: Booking confirmed')
  expect(eml).toContain('appointment.ics')
})

test('with SMTP_URL the message is delivered to the SMTP server', async () => {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = ''
      stream.on('data', (chunk) => {
        data += chunk
      })
      stream.on('end', () => {
        received.push(data)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  try {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'clinic@example.test',
      dataDir: '/nonexistent',
    })
    await mailer.send(message)
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('Subject: Booking confirmed')
    expect(received[0]).toContain('text/calendar')
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
