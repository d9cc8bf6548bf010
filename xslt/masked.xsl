<?xml version="1.0" encoding="UTF-8"?>
<!-- The "masked" view: inline codes as XLIFF placeholders instead of the DITA they stand for:
     <x id="N"/> (with xid when present) for ph, <g id="N">…</g> for bpt…ept, <bx/>/<ex/> for it,
     and <mrk mtype="protected">…</mrk> around protected content. Text is written as it is. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:x="urn:oasis:names:tc:xliff:document:1.2">
  <xsl:import href="lines.xsl"/>
  <xsl:output method="text" encoding="UTF-8"/>

  <xsl:template name="ids">
    <xsl:text> id="</xsl:text>
    <xsl:value-of select="@id"/>
    <xsl:text>"</xsl:text>
    <xsl:if test="@xid">
      <xsl:text> xid="</xsl:text>
      <xsl:value-of select="@xid"/>
      <xsl:text>"</xsl:text>
    </xsl:if>
  </xsl:template>

  <xsl:template mode="seg" match="x:ph">
    <xsl:text>&lt;x</xsl:text>
    <xsl:call-template name="ids"/>
    <xsl:text>/&gt;</xsl:text>
  </xsl:template>

  <xsl:template mode="seg" match="x:bpt">
    <xsl:text>&lt;g</xsl:text>
    <xsl:call-template name="ids"/>
    <xsl:text>&gt;</xsl:text>
  </xsl:template>

  <xsl:template mode="seg" match="x:ept">
    <xsl:text>&lt;/g&gt;</xsl:text>
  </xsl:template>

  <xsl:template mode="seg" match="x:it">
    <xsl:choose>
      <xsl:when test="@pos = 'close'"><xsl:text>&lt;ex</xsl:text></xsl:when>
      <xsl:otherwise><xsl:text>&lt;bx</xsl:text></xsl:otherwise>
    </xsl:choose>
    <xsl:call-template name="ids"/>
    <xsl:text>/&gt;</xsl:text>
  </xsl:template>

  <xsl:template mode="seg" match="x:mrk[@mtype = 'protected']">
    <xsl:text>&lt;mrk mtype="protected"&gt;</xsl:text>
    <xsl:apply-templates mode="seg"/>
    <xsl:text>&lt;/mrk&gt;</xsl:text>
  </xsl:template>
</xsl:stylesheet>
