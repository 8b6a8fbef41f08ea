type Section = { title: string; body: React.ReactNode };

export function termsSections(supportEmail: string): Section[] {
  return [
    {
      title: "Introduction",
      body: (
        <p>
          These Terms of Service govern your use of Parley, a web application for practising spoken conversations such
          as sales calls, interviews and pitches with AI personas. Parley is currently offered as an educational pilot.
          By signing in or using the service you agree to these terms. If you do not agree, do not use the service.
        </p>
      ),
    },
    {
      title: "Account Access",
      body: (
        <>
          <p>
            Accounts in the pilot are anonymous and are assigned to you by the pilot organisers, for example your
            instructor. You do not need to give your real name to use Parley.
          </p>
          <ul>
            <li>Keep your sign-in credentials confidential.</li>
            <li>Do not share your credentials with other students or let anyone else use your account.</li>
            <li>Report any unauthorised access to your account, or any suspected misuse, to us straight away.</li>
          </ul>
          <p>You are responsible for activity that takes place under your account.</p>
        </>
      ),
    },
    {
      title: "Use of Service",
      body: (
        <>
          <p>You may use Parley for educational purposes only. When using the service you must not:</p>
          <ul>
            <li>break any applicable law or regulation;</li>
            <li>infringe the intellectual property or other rights of anyone else;</li>
            <li>upload or transmit viruses or any other malicious code;</li>
            <li>use the service for commercial purposes;</li>
            <li>create, say or share content that is inappropriate, offensive or harmful;</li>
            <li>use the service for anything other than educational practice.</li>
          </ul>
        </>
      ),
    },
    {
      title: "Data and Privacy",
      body: (
        <>
          <p>
            When you practise, Parley stores your practice conversations, including their transcripts, together with
            when they started and ended. Each conversation is graded automatically by an AI system, and the grade,
            scores and written feedback are stored with it.
          </p>
          <p>
            Your conversations, transcripts and grades are visible to the administrators of your organisation (for
            example your instructor), who use them to support your learning. Avoid sharing personal or sensitive
            information during a roleplay that you would not want them to see.
          </p>
          <p>We use this data only to provide and improve the service and the pilot, and we do not sell it.</p>
        </>
      ),
    },
    {
      title: "Intellectual Property",
      body: (
        <p>
          Parley, including its software, design, personas and written materials, belongs to its provider and is
          protected by intellectual property laws. You may use it only as these terms allow. Roleplay scenarios written
          by your organisation remain the property of your organisation.
        </p>
      ),
    },
    {
      title: "Limitation of Liability",
      body: (
        <p>
          Parley is a practice tool offered as a pilot, provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. AI
          personas and automatic grades can be wrong or incomplete and are not professional, academic or career advice.
          To the fullest extent the law allows, the provider is not liable for indirect or consequential loss, or for
          decisions you make based on the service.
        </p>
      ),
    },
    {
      title: "Termination",
      body: (
        <p>
          We may terminate or suspend your account immediately and without notice if we believe your conduct violates
          these terms or harms other users, us or third parties. Your access also ends when the pilot ends or when your
          organisation removes your account.
        </p>
      ),
    },
    {
      title: "Changes to Terms",
      body: (
        <p>
          We may update these terms from time to time. When we do, we change the &ldquo;Last updated&rdquo; date above.
          Continuing to use Parley after a change means you accept the updated terms.
        </p>
      ),
    },
    {
      title: "Contact Us",
      body: (
        <p>
          If you have questions about these terms, or need to report unauthorised access to your account, contact us at{" "}
          <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline underline-offset-4">
            {supportEmail}
          </a>
          .
        </p>
      ),
    },
  ];
}
